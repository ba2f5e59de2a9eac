"""Views of a step, read and never re-run: the text trace, networkx graphs, matplotlib drawings,
card faces and two readings compared. Each module imports its library (networkx, matplotlib)
only when it is imported itself; importing this package imports none of them."""
