// `import AmbientTesting` is enough in a test file: Ambient's keys, values and scopes come with it.
@_exported public import Ambient
