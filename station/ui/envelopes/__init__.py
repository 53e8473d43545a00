"""The envelope window: a mail ballot's envelope stage, before the ballots are opened."""
