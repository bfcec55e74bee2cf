"""A link handed to other phones: its address on the local network or the
site's, and its QR code."""
