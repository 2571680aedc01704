-- Answer slots taken in one statement (issue 36): the per-key advisory locks, the counts and the insert run inside the
-- database, so a lock is held for microseconds, not across the app's round trips (under load each await in the app
-- waited on a busy event loop while every other request for the same key, e.g. one campus address, queued behind it).
-- Returns the 0-based index of the first full slot, or -1 when all were taken. A volatile plpgsql function reads each
-- statement with a new snapshot, so the counts after the locks see every slot committed before them.
CREATE OR REPLACE FUNCTION askreg_take_answer_slots(p_keys text[], p_max integer[], p_ids text[], p_instance text, p_expires double precision, p_now double precision)
RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  k text;
  i integer;
  n integer;
BEGIN
  FOR k IN SELECT DISTINCT u COLLATE "C" FROM unnest(p_keys) AS u ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(hashtext('answer-slot:' || k));
  END LOOP;
  FOR i IN 1 .. coalesce(array_length(p_keys, 1), 0) LOOP
    SELECT count(*) INTO n FROM answer_slots WHERE key = p_keys[i] AND expires_at > p_now;
    IF n >= p_max[i] THEN
      RETURN i - 1;
    END IF;
  END LOOP;
  INSERT INTO answer_slots (id, key, instance, expires_at)
    SELECT p_ids[j], p_keys[j], p_instance, p_expires FROM generate_subscripts(p_keys, 1) AS j;
  RETURN -1;
END
$$;
