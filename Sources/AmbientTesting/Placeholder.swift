// Placeholder: AmbientTesting arrives with issue 3.
