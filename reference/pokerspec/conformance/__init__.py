"""The conformance kit: case loading, the engine protocol, grading, the runner (docs/engine-authors/)."""
