-- payload-reserve 4.x → payload-reserve-ledger, SQLite: `sqlite3 your.db < sqlite.sql`, once,
-- with the app stopped and a backup taken, before the first start with payload-reserve-ledger.
-- Then start the app (its schema push or migration adds the ledger's own tables) and run
-- `payload reserve:adopt`.
--
-- SQLite cannot change a column in place, so the tables whose columns differ are copied into new
-- ones, as this plugin's schema has them, written for: `userCollection: 'users'` (customer_id and
-- owner_id reference `users`; standalone customers: `customers`), resourceTypes starting with
-- 'staff' and leaveTypes starting with 'vacation' (payload-reserve's defaults; the DEFAULTs below
-- name the first of each). Compare with what a fresh database gets if yours differs.
PRAGMA foreign_keys = OFF;
BEGIN;

-- Reservation ids become text: the ledger names a reservation's stream by its id, and the ids it
-- makes for new bookings are UUIDv7. The existing ids stay, as text ('17'). A cancellation reason
-- has no column here (the ledger keeps a cancel's reason in its event): it goes into the notes,
-- where staff see it.
CREATE TABLE `__new_reservations` (
	`id` text PRIMARY KEY NOT NULL,
	`service_id` integer NOT NULL,
	`resource_id` integer NOT NULL,
	`start_time` text NOT NULL,
	`end_time` text,
	`status` text DEFAULT 'pending',
	`customer_id` integer,
	`guest_name` text,
	`guest_email` text,
	`guest_phone` text,
	`guest_count` numeric DEFAULT 1,
	`idempotency_key` text,
	`series_id` text,
	`cancellation_token` text,
	`notes` text,
	`ledger_revision` numeric,
	`ledger_hooks_revision` numeric,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`resource_id`) REFERENCES `resources`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`customer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
INSERT INTO `__new_reservations` (id, service_id, resource_id, start_time, end_time, status, customer_id,
    guest_name, guest_email, guest_phone, guest_count, idempotency_key, cancellation_token, notes, updated_at, created_at)
  SELECT CAST(id AS text), service_id, resource_id, start_time, end_time, status, customer_id,
    guest_name, guest_email, guest_phone, guest_count, idempotency_key, cancellation_token,
    CASE WHEN coalesce(cancellation_reason, '') = '' THEN notes
         ELSE coalesce(nullif(notes, '') || char(10) || char(10), '') || 'Cancellation reason: ' || cancellation_reason END,
    updated_at, created_at
  FROM `reservations`;
DROP TABLE `reservations`;
ALTER TABLE `__new_reservations` RENAME TO `reservations`;
CREATE INDEX `reservations_service_idx` ON `reservations` (`service_id`);
CREATE INDEX `reservations_resource_idx` ON `reservations` (`resource_id`);
CREATE INDEX `reservations_start_time_idx` ON `reservations` (`start_time`);
CREATE INDEX `reservations_status_idx` ON `reservations` (`status`);
CREATE INDEX `reservations_customer_idx` ON `reservations` (`customer_id`);
CREATE INDEX `reservations_idempotency_key_idx` ON `reservations` (`idempotency_key`);
CREATE INDEX `reservations_series_id_idx` ON `reservations` (`series_id`);
CREATE INDEX `reservations_updated_at_idx` ON `reservations` (`updated_at`);
CREATE INDEX `reservations_created_at_idx` ON `reservations` (`created_at`);
CREATE INDEX `customer_createdAt_idx` ON `reservations` (`customer_id`,`created_at`);

CREATE TABLE `__new_reservations_items` (
	`_order` integer NOT NULL,
	`_parent_id` text NOT NULL,
	`id` text PRIMARY KEY NOT NULL,
	`resource_id` integer NOT NULL,
	`service_id` integer,
	`start_time` text,
	`end_time` text,
	`guest_count` numeric,
	FOREIGN KEY (`resource_id`) REFERENCES `resources`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`_parent_id`) REFERENCES `reservations`(`id`) ON UPDATE no action ON DELETE cascade
);
INSERT INTO `__new_reservations_items` (_order, _parent_id, id, resource_id, service_id, start_time, end_time, guest_count)
  SELECT _order, CAST(_parent_id AS text), id, resource_id, service_id, start_time, end_time, guest_count FROM `reservations_items`;
DROP TABLE `reservations_items`;
ALTER TABLE `__new_reservations_items` RENAME TO `reservations_items`;
CREATE INDEX `reservations_items_order_idx` ON `reservations_items` (`_order`);
CREATE INDEX `reservations_items_parent_id_idx` ON `reservations_items` (`_parent_id`);
CREATE INDEX `reservations_items_resource_idx` ON `reservations_items` (`resource_id`);
CREATE INDEX `reservations_items_service_idx` ON `reservations_items` (`service_id`);

-- Services and resources gain an owner (and services the booking window, hold length and slot step). A
-- resource's zone is its own here; payload-reserve used its plugin-wide `timezone` for every
-- resource (its resource field is unused): write that option's value for 'UTC' below.
CREATE TABLE `__new_services` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`duration_type` text DEFAULT 'fixed' NOT NULL,
	`duration` numeric,
	`max_flexible_duration` numeric,
	`price` numeric,
	`allow_guest_booking` text DEFAULT 'inherit' NOT NULL,
	`buffer_time_before` numeric,
	`buffer_time_after` numeric,
	`slot_interval` numeric,
	`min_notice_minutes` numeric,
	`max_advance_days` numeric,
	`hold_minutes` numeric,
	`description` text,
	`owner_id` integer,
	`active` integer DEFAULT true,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
INSERT INTO `__new_services` (id, name, duration_type, duration, price, allow_guest_booking, buffer_time_before,
    buffer_time_after, description, active, updated_at, created_at)
  SELECT id, name, coalesce(duration_type, 'fixed'), duration, price, coalesce(allow_guest_booking, 'inherit'),
    buffer_time_before, buffer_time_after, description, active, updated_at, created_at
  FROM `services`;
DROP TABLE `services`;
ALTER TABLE `__new_services` RENAME TO `services`;
CREATE INDEX `services_owner_idx` ON `services` (`owner_id`);
CREATE INDEX `services_updated_at_idx` ON `services` (`updated_at`);
CREATE INDEX `services_created_at_idx` ON `services` (`created_at`);

CREATE TABLE `__new_resources` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`quantity` numeric DEFAULT 1 NOT NULL,
	`capacity_mode` text DEFAULT 'per-reservation' NOT NULL,
	`timezone` text DEFAULT 'UTC' NOT NULL,
	`resource_type` text DEFAULT 'staff' NOT NULL,
	`color` text,
	`description` text,
	`owner_id` integer,
	`active` integer DEFAULT true,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
-- payload-reserve in resourceOwnerMode has resources.owner_id: add it to both lists.
INSERT INTO `__new_resources` (id, name, quantity, capacity_mode, timezone, resource_type, description, active,
    updated_at, created_at)
  SELECT id, name, quantity, coalesce(capacity_mode, 'per-reservation'), 'UTC', coalesce(resource_type, 'staff'),
    description, active, updated_at, created_at
  FROM `resources`;
DROP TABLE `resources`;
ALTER TABLE `__new_resources` RENAME TO `resources`;
CREATE INDEX `resources_owner_idx` ON `resources` (`owner_id`);
CREATE INDEX `resources_updated_at_idx` ON `resources` (`updated_at`);
CREATE INDEX `resources_created_at_idx` ON `resources` (`created_at`);

-- Calendar dates (time off, dated slots) are local dates, 'YYYY-MM-DD'; payload-reserve stores
-- instants whose UTC date is the day. Time off has a leave type here: 'other' where it had none
-- ('other' must be one of leaveTypes). A schedule has no type: it simply has weekly and dated slots.
CREATE TABLE `__new_schedules_exceptions` (
	`_order` integer NOT NULL,
	`_parent_id` integer NOT NULL,
	`id` text PRIMARY KEY NOT NULL,
	`date` text NOT NULL,
	`end_date` text,
	`type` text DEFAULT 'vacation' NOT NULL,
	`reason` text,
	`start_time` text,
	`end_time` text,
	FOREIGN KEY (`_parent_id`) REFERENCES `schedules`(`id`) ON UPDATE no action ON DELETE cascade
);
INSERT INTO `__new_schedules_exceptions` (_order, _parent_id, id, date, end_date, type, reason)
  SELECT _order, _parent_id, id, substr(date, 1, 10), substr(end_date, 1, 10), coalesce(type, 'other'), reason
  FROM `schedules_exceptions`;
DROP TABLE `schedules_exceptions`;
ALTER TABLE `__new_schedules_exceptions` RENAME TO `schedules_exceptions`;
CREATE INDEX `schedules_exceptions_order_idx` ON `schedules_exceptions` (`_order`);
CREATE INDEX `schedules_exceptions_parent_id_idx` ON `schedules_exceptions` (`_parent_id`);

CREATE TABLE `__new_schedules_manual_slots` (
	`_order` integer NOT NULL,
	`_parent_id` integer NOT NULL,
	`id` text PRIMARY KEY NOT NULL,
	`date` text NOT NULL,
	`start_time` text NOT NULL,
	`end_time` text NOT NULL,
	FOREIGN KEY (`_parent_id`) REFERENCES `schedules`(`id`) ON UPDATE no action ON DELETE cascade
);
INSERT INTO `__new_schedules_manual_slots` (_order, _parent_id, id, date, start_time, end_time)
  SELECT _order, _parent_id, id, substr(date, 1, 10), start_time, end_time FROM `schedules_manual_slots`;
DROP TABLE `schedules_manual_slots`;
ALTER TABLE `__new_schedules_manual_slots` RENAME TO `schedules_manual_slots`;
CREATE INDEX `schedules_manual_slots_order_idx` ON `schedules_manual_slots` (`_order`);
CREATE INDEX `schedules_manual_slots_parent_id_idx` ON `schedules_manual_slots` (`_parent_id`);

CREATE TABLE `__new_schedules_recurring_slots` (
	`_order` integer NOT NULL,
	`_parent_id` integer NOT NULL,
	`id` text PRIMARY KEY NOT NULL,
	`day` text NOT NULL,
	`start_time` text NOT NULL,
	`end_time` text NOT NULL,
	FOREIGN KEY (`_parent_id`) REFERENCES `schedules`(`id`) ON UPDATE no action ON DELETE cascade
);
INSERT INTO `__new_schedules_recurring_slots` (_order, _parent_id, id, day, start_time, end_time)
  SELECT _order, _parent_id, id, day, start_time, end_time FROM `schedules_recurring_slots`;
DROP TABLE `schedules_recurring_slots`;
ALTER TABLE `__new_schedules_recurring_slots` RENAME TO `schedules_recurring_slots`;
CREATE INDEX `schedules_recurring_slots_order_idx` ON `schedules_recurring_slots` (`_order`);
CREATE INDEX `schedules_recurring_slots_parent_id_idx` ON `schedules_recurring_slots` (`_parent_id`);

ALTER TABLE `schedules` DROP COLUMN `schedule_type`;

-- Slot holds are short-lived: let them expire before switching. The admin's document locks
-- ("someone is editing this") name the old tables; locks of a stopped app mean nothing, and the
-- start creates those tables again.
DROP TABLE IF EXISTS `reservation_holds`;
DROP TABLE IF EXISTS `payload_locked_documents_rels`;
DROP TABLE IF EXISTS `payload_locked_documents`;

COMMIT;
PRAGMA foreign_keys = ON;
