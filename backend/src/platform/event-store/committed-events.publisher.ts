import { Injectable, OnModuleInit } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { EventStore } from './event-store';
import { EventsCommitted } from './events-committed';

/** Puts what the event store commits on Nest's EventBus, after the commit, as a notification (EventsCommitted). */
@Injectable()
export class CommittedEventsPublisher implements OnModuleInit {
  constructor(
    private readonly store: EventStore,
    private readonly bus: EventBus,
  ) {}

  onModuleInit(): void {
    this.store.onCommitted((events) => this.bus.publish(new EventsCommitted(events)));
  }
}
