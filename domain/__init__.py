"""The rules, as pure standard-library Python: shared kernels (`kernel/`), one
package per variant (`iceberg/`), the registry of variants by name
(`registry.py`) and the one entry point every command goes through
(`engine.py`). docs/architecture.md draws the whole house."""
