"""vinescore on a phone's home screen and with the server out of reach: the
web app manifest, the service worker that keeps the app's files and the
sheets this person opened (static/js/outbox.js keeps what they typed), and
the sign-out that takes those copies away."""
