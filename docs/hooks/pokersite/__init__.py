"""The pokerspec site's build machinery, used by the mkdocs hooks in ``docs/hooks/pokerspec_site.py``.

It lives beside the docs, not in the runtime package: the package needs nothing from mkdocs.

- ``words``: every word the site generates, in four languages (``words.toml``);
- ``cards``, ``cases``, ``code``: cards drawn as cards, cases as hands, the code that cites rules;
- ``rulings``, ``glossary``: the rulings of the chapters and the glossary, with their data files;
- ``model``: the ``Site`` read once per build; ``pages``: the generated pages, per language;
- ``panels``, ``coverage``: the code-and-cases block and the coverage beside every rule, a
  chapter's table of its rules' coverage;
- ``nav``, ``search``, ``i18n``: navigation, the per-language search index, language marks;
- ``check``: building the site and checking the result (used by ``docs/tests``).
"""
