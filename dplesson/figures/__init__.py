"""Figures drawn by the package as SVG.

The data (``data``), the renderer (``svg``) and every chapter figure by id (``catalogue``).
"""
