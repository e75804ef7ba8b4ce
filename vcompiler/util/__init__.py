"""Small helpers the stages share that belong to none of them."""
