"""What one seat knows, and the exact (or sampled) chances of where every unseen tile is."""
