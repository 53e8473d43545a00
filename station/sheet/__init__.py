"""The tally sheet: what it certifies, its PDF and JSON, the export folder and its signature.

Qt is used here for one thing only: drawing the PDF (`pdf.py`).
"""
