-- payload-reserve 4.x → payload-reserve-ledger, PostgreSQL. Run once, with the app stopped and a
-- backup taken, before the first start with payload-reserve-ledger. Then start the app (its schema
-- push or migration adds the ledger's tables and columns) and run `payload reserve:adopt`.

-- Reservation ids become text: the ledger names a reservation's stream by its id, and the ids it
-- makes for new bookings are UUIDv7. The existing ids stay, as text ('17').
ALTER TABLE reservations_items DROP CONSTRAINT IF EXISTS reservations_items_parent_id_fk;
ALTER TABLE payload_locked_documents_rels DROP CONSTRAINT IF EXISTS payload_locked_documents_rels_reservations_fk;
ALTER TABLE reservations ALTER COLUMN id DROP DEFAULT;
ALTER TABLE reservations ALTER COLUMN id TYPE varchar USING id::varchar;
DROP SEQUENCE IF EXISTS reservations_id_seq;
ALTER TABLE reservations_items ALTER COLUMN _parent_id TYPE varchar USING _parent_id::varchar;
ALTER TABLE payload_locked_documents_rels ALTER COLUMN reservations_id TYPE varchar USING reservations_id::varchar;
ALTER TABLE reservations_items ADD CONSTRAINT reservations_items_parent_id_fk
  FOREIGN KEY (_parent_id) REFERENCES reservations(id) ON DELETE cascade;
ALTER TABLE payload_locked_documents_rels ADD CONSTRAINT payload_locked_documents_rels_reservations_fk
  FOREIGN KEY (reservations_id) REFERENCES reservations(id) ON DELETE cascade;

-- A cancellation reason has no column here (the ledger keeps a cancel's reason in its event): it
-- is kept in the notes, where staff see it, and adopt records it in the reservation's history.
UPDATE reservations
   SET notes = concat_ws(E'\n\n', nullif(notes, ''), 'Cancellation reason: ' || cancellation_reason)
 WHERE coalesce(cancellation_reason, '') <> '';
ALTER TABLE reservations DROP COLUMN IF EXISTS cancellation_reason;

-- Calendar dates (time off, dated slots) are local dates as text, 'YYYY-MM-DD'. payload-reserve
-- stores them as instants whose UTC date is the day.
ALTER TABLE schedules_exceptions
  ALTER COLUMN date TYPE varchar USING to_char(date AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
  ALTER COLUMN end_date TYPE varchar USING to_char(end_date AT TIME ZONE 'UTC', 'YYYY-MM-DD');
ALTER TABLE schedules_manual_slots
  ALTER COLUMN date TYPE varchar USING to_char(date AT TIME ZONE 'UTC', 'YYYY-MM-DD');
-- Time off has a leave type here: 'other' where it had none ('other' must be one of leaveTypes).
UPDATE schedules_exceptions SET type = 'other' WHERE type IS NULL;

-- A resource's zone is its own here; payload-reserve used its plugin-wide `timezone` option for
-- every resource (its resource field is unused). Write that option's value here (default UTC).
UPDATE resources SET timezone = 'UTC';

-- What payload-reserve alone used: its booking lock (the ledger's streams replace it), the
-- schedule type (a schedule here simply has weekly and dated slots) and slot holds (short-lived:
-- let them expire before switching).
ALTER TABLE resources DROP COLUMN IF EXISTS booking_lock;
ALTER TABLE schedules DROP COLUMN IF EXISTS schedule_type;
DROP TYPE IF EXISTS enum_schedules_schedule_type;
ALTER TABLE payload_locked_documents_rels DROP COLUMN IF EXISTS reservation_holds_id;
DROP TABLE IF EXISTS reservation_holds CASCADE;
