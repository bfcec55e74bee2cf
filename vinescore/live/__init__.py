"""How other phones hear of a change: the news of a game's new version
carried between processes (hub.py, told by the signals table and accounts
send: receivers.py), the server-sent-events streams that push the live
sheet (stream.py), and the poll that asks for it while no stream is open
(poll.py)."""
