"""rulekit_widgets: the ipywidgets toolkit for rulekit (imported separately from ``rulekit``).

The widgets are views of, and drivers for, a :class:`rulekit.Game`; they come with the
graph and drawing views. Importing ``rulekit`` never imports this package.
"""
