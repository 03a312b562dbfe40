"""mkdocs hooks for the pokerspec site; the typed logic lives in ``pokerspec.site``."""

from pokerspec.site import on_config, on_files, on_nav, on_page_markdown, on_post_build

__all__ = ["on_config", "on_files", "on_nav", "on_page_markdown", "on_post_build"]
