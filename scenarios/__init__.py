"""Not code: this file lets setup.py install this folder as package data (rulekit.shipped.scenarios),
read with importlib.resources by rulekit.shipped."""
