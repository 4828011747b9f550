import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { QUEUE_BOARD_PATH } from '../../platform/http/security-headers';
import { MediaJobs } from '../media-jobs';
import { QueueBoard, QueueBoardAnswer, QueueBoardRequest } from './queue-board';

/** GET /admin/queues and everything under it: Bull Board's page, files and JSON API. */
export class GetQueueBoardQuery extends Query<QueueBoardAnswer> {
  constructor(readonly request: QueueBoardRequest) {
    super();
  }
}

@QueryHandler(GetQueueBoardQuery)
export class GetQueueBoardHandler implements IQueryHandler<GetQueueBoardQuery> {
  constructor(
    private readonly board: QueueBoard,
    private readonly jobs: MediaJobs,
  ) {}

  async execute({ request }: GetQueueBoardQuery): Promise<QueueBoardAnswer> {
    // The board's data is in Redis: while Redis cannot be reached its API answers the media actions' 503 within
    // ~2 s (the page itself loads and shows the error) rather than hang or answer a 500.
    if (request.url.startsWith(`${QUEUE_BOARD_PATH}/api/`)) await this.jobs.assertAvailable();
    return this.board.answer(request);
  }
}
