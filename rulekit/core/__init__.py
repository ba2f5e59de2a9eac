"""The engine's core: frozen values, ids, events, abilities, the model, the judge, decisions,
frames, the engine loop, the timeline, verdicts and the rules registry. It knows no game and
imports nothing above it (no ruleset, file format, view, exploration, lesson or app)."""
