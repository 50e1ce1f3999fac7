// Placeholder: the Todos store objects arrive with the example (issue 6).
