-- Corrections a person makes (gateway tools brain_update_error, brain_rule_feedback; issue 19):
-- an error that is not an error is kept (its occurrences still count) but never matched, listed or hinted again;
-- a rule a person marked blocking makes the PreToolUse hook ask before a matching command runs.
ALTER TABLE error ADD COLUMN not_an_error boolean NOT NULL DEFAULT false;
ALTER TABLE rule ADD COLUMN blocking boolean NOT NULL DEFAULT false;

-- a resolved error that occurs again is reopened and says so
ALTER TABLE notification DROP CONSTRAINT notification_type_check;
ALTER TABLE notification ADD CONSTRAINT notification_type_check CHECK (type IN ('solution_available',
    'error_recurring', 'rule_triggered', 'learning_insight', 'module_suggested', 'antipattern_warning',
    'error_reopened'));
