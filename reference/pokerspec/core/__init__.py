"""The shared chapter: cards, deck, rankings, chips and the engine interface (spec/core/)."""
