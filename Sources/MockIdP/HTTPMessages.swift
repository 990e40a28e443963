/// The world's HTTP-shaped parties (GitHub, Apple, the Identity Toolkit door) take and give these values; an adapter
/// that imports the world has them too.
@_exported import HTTPMessages
