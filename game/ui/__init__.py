"""The pygame-ce user interface: app loop, scenes, layout, widgets, card art, assets and sound."""
