"""Hardware backends, one module per runtime; see ``firmware.hal`` for the
contract. Imports nothing."""
