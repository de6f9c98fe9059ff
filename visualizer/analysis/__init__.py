"""Provides the comparisons: several searches of one tree side by side, and the pruned-tree study."""
