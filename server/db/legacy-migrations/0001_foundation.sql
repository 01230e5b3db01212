-- Schools, people and class rooms; names in English and Arabic side by side.
CREATE TABLE schools (
  id serial PRIMARY KEY,
  name_en text NOT NULL,
  name_ar text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  email text NOT NULL,
  password_hash text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone text,
  image text,
  preferred_language text NOT NULL DEFAULT 'en',
  user_type text NOT NULL,
  roles jsonb NOT NULL DEFAULT '[]',
  must_change_password boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE educational_stages (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  name_en text NOT NULL,
  name_ar text NOT NULL,
  sort integer NOT NULL DEFAULT 0
);

CREATE TABLE class_rooms (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  stage_id integer NOT NULL REFERENCES educational_stages (id),
  name_en text NOT NULL,
  name_ar text NOT NULL,
  division_en text NOT NULL,
  division_ar text NOT NULL
);

CREATE TABLE class_room_teachers (
  teacher_id uuid NOT NULL REFERENCES users (id),
  class_room_id integer NOT NULL REFERENCES class_rooms (id),
  PRIMARY KEY (teacher_id, class_room_id)
);

CREATE TABLE subjects (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  name_en text NOT NULL,
  name_ar text NOT NULL
);

CREATE TABLE class_room_subjects (
  class_room_id integer NOT NULL REFERENCES class_rooms (id),
  subject_id integer NOT NULL REFERENCES subjects (id),
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (class_room_id, subject_id)
);

CREATE TABLE parents (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  name_en text NOT NULL,
  name_ar text NOT NULL,
  phone text NOT NULL,
  email text
);

CREATE TABLE students (
  id serial PRIMARY KEY,
  school_id integer NOT NULL REFERENCES schools (id),
  class_room_id integer NOT NULL REFERENCES class_rooms (id),
  parent_id integer NOT NULL REFERENCES parents (id),
  name_en text NOT NULL,
  name_ar text NOT NULL
);
CREATE INDEX students_class_room ON students (class_room_id);

-- One row a sign-in (a refresh-token family); revoking it ends every token of that sign-in.
CREATE TABLE session_families (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  client_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  absolute_expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text
);
CREATE INDEX session_families_user ON session_families (user_id);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  family_id uuid NOT NULL REFERENCES session_families (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  rotated_at timestamptz
);

-- Single-use tokens carried by links: password reset and sign-in by link.
CREATE TABLE link_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id),
  purpose text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE rate_limit_hits (
  bucket text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_limit_hits_bucket ON rate_limit_hits (bucket, at);

-- Mail and SMS: written here first; SMTP delivery (when configured) marks sent_at.
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  channel text NOT NULL DEFAULT 'email',
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  link text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  error text
);

-- The first answer to each Idempotency-Key, replayed to any repeat.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  status integer,
  content_type text,
  body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);

CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);
