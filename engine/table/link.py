"""What every link of a table (firmware/table_net.py over a network,
firmware/hw/web_table.py over the web page's WebSocket) does at the end of
its frame: ``settle(link, now, up)``. With the link not ``up``, what the
side (``link.peer``, engine.table.peer) has to send is dropped, lost with
the link: the other side asks for it again once it is back. With it up,
the side asks for what it missed (``resume_link``) when no new message came
for ``QUIET_MS``: through the server a side that came back asks, but the
other one does not know it did, so each side asks. The link keeps
``got`` (``peer.next_in`` when last counted), ``moved`` (ms of the last new
message) and ``asked`` (ms of the last question) for it. ``RETRY_MS``: how
often a link tries to connect again. Imports nothing.
"""

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

RETRY_MS = const(2000)
QUIET_MS = const(8000)  # no new message this long: ask for what was missed


def settle(link, now, up):
    """The end of ``link``'s frame at ``now`` (ms), ``up`` when it is linked."""
    peer = link.peer
    if not up:
        peer.take_out()
    elif peer.next_in != link.got:
        link.got = peer.next_in
        link.moved = now
    elif now - link.moved >= QUIET_MS and now - link.asked >= QUIET_MS:
        link.asked = now
        peer.resume_link()
