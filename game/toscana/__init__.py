"""Toscana (Niek Neuwahl, Piatnik 2001): roofs against paving, two rounds, 17×17 board."""
