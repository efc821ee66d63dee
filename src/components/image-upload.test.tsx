import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { ImageUpload, type ImageUploadLabels } from './image-upload'

const uploadImage = vi.hoisted(() => vi.fn())
vi.mock('@/lib/upload', () => ({
  uploadImage,
  fetchImageUrl: () => new Promise(() => {}),
}))

const labels: ImageUploadLabels = {
  add: 'Upload',
  remove: (index) => `Remove image ${index}`,
  uploading: 'Uploading',
  tooLarge: 'Too large',
  wrongType: 'Wrong type',
  limit: (max) => `At most ${max}`,
  tooMany: ({ max, kept, chosen }) => `At most ${max}: the first ${kept} of ${chosen} kept`,
}

function Photos({
  max,
  initial = [],
  onChange,
}: {
  max: number
  initial?: string[]
  onChange: (ids: string[]) => void
}) {
  const [value, setValue] = useState(initial)
  return (
    <ImageUpload
      id="photos"
      value={value}
      max={max}
      labels={labels}
      onChange={(ids) => {
        setValue(ids)
        onChange(ids)
      }}
    />
  )
}

const png = (name: string) => new File(['png'], name, { type: 'image/png' })
const picker = () => document.getElementById('photos') as HTMLInputElement
const choose = (files: File[]) => fireEvent.change(picker(), { target: { files } })

afterEach(() => {
  cleanup()
  uploadImage.mockReset()
})

describe('ImageUpload', () => {
  it('takes several files at once while more than one fits, one when one is left', () => {
    const { unmount } = render(<Photos max={3} onChange={() => {}} />)
    expect(picker().multiple).toBe(true)
    unmount()
    render(<Photos max={3} initial={['a', 'b']} onChange={() => {}} />)
    expect(picker().multiple).toBe(false)
  })

  it('uploads the chosen files in order, keeping the first that fit and saying the rest were left out', async () => {
    uploadImage.mockImplementation(async (file: File) => ({ id: `id-${file.name}` }))
    const onChange = vi.fn()
    render(<Photos max={3} initial={['old']} onChange={onChange} />)
    choose([png('1.png'), png('2.png'), png('3.png'), png('4.png')])
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['old', 'id-1.png', 'id-2.png']))
    expect(uploadImage).toHaveBeenCalledTimes(2)
    expect(screen.getByRole('alert').textContent).toBe('At most 3: the first 2 of 4 kept')
  })

  it('leaves out a file of the wrong type, says so, and uploads the others', async () => {
    uploadImage.mockImplementation(async (file: File) => ({ id: `id-${file.name}` }))
    const onChange = vi.fn()
    render(<Photos max={3} onChange={onChange} />)
    choose([png('1.png'), new File(['text'], 'notes.txt', { type: 'text/plain' }), png('3.png')])
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['id-1.png', 'id-3.png']))
    expect(screen.getByRole('alert').textContent).toBe('Wrong type')
  })
})
