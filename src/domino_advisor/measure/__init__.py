"""Measuring: tournaments on duplicate deals, self-play, the models' fits and checks."""
