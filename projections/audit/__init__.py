"""The audit of a game by anyone, trusting nothing the server says
(docs/audit.md): the canonical form of its log entries and their hash chain,
the actions that explain its events, the export document, and the checks
`iceberg verify` runs on it. Pure: no store, no keys, no network."""
