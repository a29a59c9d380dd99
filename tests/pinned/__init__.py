"""The stored form of every event type, pinned: one module per variant, named
for it, with PINNED (type -> (code, schema version, fields)) and SAMPLES
(event, the exact bytes it is stored as). tests/test_stored_form.py checks
every variant of the registry against its module."""
