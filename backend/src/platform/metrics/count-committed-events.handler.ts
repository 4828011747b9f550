import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { EventsCommitted } from '../event-store/events-committed';
import { MetricsService } from './metrics.service';

/** kioku_events_committed_total{type}: counted from the EventBus notification (a counter may miss a crash's last). */
@EventsHandler(EventsCommitted)
export class CountCommittedEvents implements IEventHandler<EventsCommitted> {
  constructor(private readonly metrics: MetricsService) {}

  handle({ events }: EventsCommitted): void {
    for (const event of events) this.metrics.eventsCommitted.inc({ type: event.type });
  }
}
