"""What the device keeps across power cuts: the crash-safe record store
(``records``, and ``record_read`` for reading a record), the player's
settings (``settings``, ``settings_record``), statistics (``stats``,
``stats_record``) and a friend's table (``table_save``). Imports nothing."""
