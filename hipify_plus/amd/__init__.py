"""What hipify-plus knows about AMD GPU targets."""
