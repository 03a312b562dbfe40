"""Third-party libraries graded on the suite (``pokerspec compliance``, docs/engines/): ``peers``
is what every adapter shares, ``run`` grades them and writes the pages, ``findings`` attributes
each deviation to a named bug or rule difference. Maintainers' tools: an engine author's run never
imports this package."""
