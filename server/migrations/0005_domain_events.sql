-- Domain events (server/events/domain-events.ts): what happened in a school, whom it is for, and from
-- when subscribers hear of it (a homework's release time, or the moment of the change). A feature
-- writes them in the transaction of the change they tell of; subscribers (a future notifications
-- feature) read them in (occurs_at, id) order, each from its own cursor.
CREATE TABLE domain_events (
  id bigserial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  type text NOT NULL,
  subject text NOT NULL,
  recipients uuid[] NOT NULL,
  payload jsonb NOT NULL,
  occurs_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX domain_events_due ON domain_events (occurs_at, id);
CREATE INDEX domain_events_subject ON domain_events (school_id, subject);

-- Each subscriber's place in the events: a system row (a subscriber hears every school's events).
CREATE TABLE domain_event_cursors (
  subscriber text PRIMARY KEY,
  occurs_at timestamptz NOT NULL,
  event_id bigint NOT NULL
);
