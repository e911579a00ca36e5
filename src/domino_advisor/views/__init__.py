"""What people see: the consoles, rich tables and panels, pictures, standalone pages."""
