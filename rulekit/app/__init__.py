"""``rulekit app``: the explorer as a page, served by Voila on 127.0.0.1. The edge of the house:
it may import every layer below it and the widgets."""
from rulekit.app.explorer_page import (
    FIRST, INTRO, AppError, command, first, free_port, notebook, page, reading, serve, shipped, stop, template,
)

__all__ = ["FIRST", "INTRO", "AppError", "command", "first", "free_port", "notebook", "page", "reading", "serve", "shipped", "stop",
           "template"]
