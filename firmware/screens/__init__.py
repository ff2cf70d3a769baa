"""The app's screens, one module per mode, each with ``make(app)`` returning
its screen (see the docstring of firmware/app.py). Imports nothing."""
