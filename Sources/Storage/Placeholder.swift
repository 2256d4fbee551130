// Storage: see docs/ARCHITECTURE.md. Placeholder until the target is filled.
