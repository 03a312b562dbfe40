"""The hand viewer: any case watched step by step on a drawn table, in four languages.

``data`` turns a case into the viewer's JSON (the reference's trace of the case, with the whole
table after every action); ``page`` writes a standalone HTML page (``pokerspec view``). The
browser side is package data beside them: ``viewer.js``, ``viewer.css``, the labels in
``labels.json`` and the page ``template.html``. The documentation site serves the same script
and style sheet and generates the JSON for every case of the suite at build time.
"""
