import {PlayIcon} from '@sanity/icons/Play'
import {defineField, defineType} from 'sanity'
import {mediaUrl} from '../rules.ts'

/** A demo clip: an uploaded file or a URL (https, or a path the site serves), with a poster frame. */
export const demoVideo = defineType({
  name: 'demoVideo',
  title: 'Demo video',
  type: 'object',
  icon: PlayIcon,
  fields: [
    defineField({
      name: 'file',
      title: 'Video file',
      type: 'file',
      options: {accept: 'video/mp4,video/webm'},
      description: 'Upload an MP4 or WebM clip, or give a URL below.',
    }),
    defineField({
      name: 'url',
      title: 'Video URL',
      type: 'url',
      description: 'An https address, or a path the site serves such as /demos/straddle.mp4.',
      validation: mediaUrl,
    }),
    defineField({
      name: 'poster',
      title: 'Poster image',
      type: 'image',
      // The site cuts posters to 16:9 around the hotspot the editor sets.
      options: {hotspot: true},
    }),
    defineField({
      name: 'posterUrl',
      title: 'Poster URL',
      type: 'url',
      description: 'Used when no poster image is uploaded.',
      validation: mediaUrl,
    }),
    defineField({
      name: 'caption',
      title: 'Accessible description',
      type: 'string',
      description: 'What the clip shows, for visitors who cannot see it.',
      validation: (rule) => rule.required().max(160),
    }),
  ],
  // Fields of this type take this rule as it is: a field-level rule would replace it.
  validation: (rule) =>
    rule.required().custom((video: {file?: unknown; url?: string} | undefined) => {
      if (!video) return true
      if (video.file && video.url) return 'Give a video file or a URL, not both.'
      if (!video.file && !video.url) return 'Give a video file or a URL.'
      return true
    }),
})
