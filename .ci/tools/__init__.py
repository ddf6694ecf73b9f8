"""The project's tools beside its tests: benchmark, Lighthouse, reproducibility, links, server.

Run one as ``python -m tools.<name>`` with ``.ci`` on ``PYTHONPATH`` (``noxfile.py`` does);
their tests are ``tests/test_tool_<name>.py``.
"""
