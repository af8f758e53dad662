"""``trickhound serve``: a local web page (Starlette + Jinja2, served by uvicorn on 127.0.0.1)
for playing against the bots with hints, recommendations for a pasted position, and browsing
runs with replays and their review. Needs the ``web`` extra; nothing here is imported by the
rest of the project. Modules: ``app`` (routes and pages), ``jobs`` (searches in processes, with
progress and cancel), ``tasks`` (what those processes run), ``host`` (a game against bots,
hosted in its own process)."""
