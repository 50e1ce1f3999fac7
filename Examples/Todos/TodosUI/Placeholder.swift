// Placeholder: the Todos SwiftUI views arrive with the example (issue 6).
