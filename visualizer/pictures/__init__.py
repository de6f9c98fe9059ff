"""Provides pictures of traces: one drawing model (`figure.Figure`: the scene each node shows, laid out once)
painted as SVG, PNG and PDF, GIF and MP4 animations, and beamer overlays in TikZ."""
