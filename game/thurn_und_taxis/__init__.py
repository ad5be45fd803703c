"""Thurn und Taxis (Karen & Andreas Seyfarth, Hans im Glück 2006): rules engine and map data."""
