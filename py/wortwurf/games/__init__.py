"""One module per game; each follows the contract described in `wortwurf.engine`."""
