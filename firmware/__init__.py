"""The device program: app, screens, input, LED pegboard, hardware backends.
Imports nothing."""
