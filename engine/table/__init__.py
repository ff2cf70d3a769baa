"""Two players at one table, each on their own device: the link's protocol
(``engine.table.frame`` frames its messages, ``engine.table.peer`` plays one
side), the fair deal by commutative encryption (``engine.table.sra``) and the
game one side sees with the other's cards hidden (``engine.table.hidden``).
docs/friend-play.md says what it guarantees. Imports nothing: import the
module you need.
"""
