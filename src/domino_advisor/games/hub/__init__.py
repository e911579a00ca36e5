"""What every game played off a double set in the middle (the hub) shares: Mexican Train
and Chicken Foot."""
